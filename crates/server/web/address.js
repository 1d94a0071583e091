// The address: the deal, the contract and the cards played, read from the page's link
// (`?deal=...&strain=...&declarer=...&play=...`, see the README) and written back to it.

import { state } from './state.js';

export function readAddress() {
  const params = new URLSearchParams(location.search);
  const out = {
    deal: params.get('deal'),
    vul: params.get('vul'),
    dealer: params.get('dealer'),
    board: params.get('board'),
    strain: params.get('strain'),
    declarer: params.get('declarer'),
    level: params.get('level'),
    doubled: params.get('doubled'),
    play: params.get('play'),
    view: params.get('view'),
  };
  const contract = params.get('contract'); // e.g. 4SN: level, strain, declarer
  if (contract) {
    const m = /^([1-7])?(NT|N|S|H|D|C)([NESW])?$/i.exec(contract.trim());
    if (m) {
      out.level = out.level || m[1] || null;
      out.strain = out.strain || m[2];
      out.declarer = out.declarer || m[3] || null;
    }
  }
  return out;
}

function queryValue(text) {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

export function writeAddress() {
  const parts = [];
  if (state.deal) {
    parts.push(`deal=${queryValue(state.deal)}`);
    if (state.board) parts.push(`board=${queryValue(state.board)}`);
    parts.push(`dealer=${state.dealer}`, `vul=${state.vul}`);
    if (state.strain && state.declarer) {
      if (state.level) parts.push(`level=${state.level}`);
      if (state.level && state.doubled) parts.push(`doubled=${state.doubled}`);
      parts.push(`strain=${state.strain}`, `declarer=${state.declarer}`);
      if (state.played.length) parts.push(`play=${state.played.join('')}`);
    }
    if (state.view !== 'declarer') parts.push(`view=${state.view}`);
  }
  const url = parts.length ? `${location.pathname}?${parts.join('&')}` : location.pathname;
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
}
