// The server: a POST to its API, and the ApiError that carries its `{"error"}` message.

class ApiError extends Error {}

/**
 * POSTs to the API; the answer's JSON, or an ApiError with the server's `{"error"}` message.
 * A busy server (503 with a short Retry-After) is asked again, twice at most.
 */
export async function api(path, body, { raw = false, tries = 3 } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': raw ? 'text/plain; charset=utf-8' : 'application/json' },
      body: raw ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(`Cannot reach the ddsolve server (${err.message}).`);
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const after = response.headers.get('Retry-After');
    if (response.status === 503 && after !== null && tries > 1 && Number(after) <= 5) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(Number(after), 0.2) * 1000));
      return api(path, body, { raw, tries: tries - 1 });
    }
    if (data && typeof data.error === 'string') throw new ApiError(data.error);
    if (response.status === 503) throw new ApiError(`The server is busy${after ? `: try again in ${after} s` : ''}.`);
    throw new ApiError(`The server answered ${response.status} ${response.statusText}.`);
  }
  if (data === null) throw new ApiError('The server sent an answer that is not JSON.');
  return data;
}
