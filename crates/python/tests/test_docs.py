"""The examples in the docstrings run and print what they say."""

import doctest
import re
from pathlib import Path

import pytest

import ddsolve

PUBLIC = [ddsolve] + [getattr(ddsolve, name) for name in ddsolve.__all__ if callable(getattr(ddsolve, name))]
METHODS = [ddsolve.Deal.from_pbn, ddsolve.Deal.to_pbn]


@pytest.mark.parametrize("obj", PUBLIC + METHODS, ids=lambda o: getattr(o, "__qualname__", o.__name__))
def test_docstring_examples(obj):
    doc = obj.__doc__
    assert doc, f"{obj!r} has no docstring"
    name = getattr(obj, "__qualname__", obj.__name__)
    test = doctest.DocTestParser().get_doctest(doc, dict(vars(ddsolve)), name, None, 0)
    assert test.examples, f"{name}'s docstring has no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed (output above)"


def test_every_public_function_is_documented_with_a_signature():
    for name in ddsolve.__all__:
        obj = getattr(ddsolve, name)
        if callable(obj):
            assert obj.__text_signature__, name


ROOT = Path(__file__).resolve().parents[3]
DOC_PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def pycon_blocks(path):
    """The ```pycon blocks of a Markdown page, each with its first line."""
    text = path.read_text(encoding="utf-8")
    blocks = []
    for m in re.finditer(r"^```pycon\n(.*?)^```", text, re.S | re.M):
        blocks.append((text[: m.start()].count("\n") + 2, m.group(1)))
    return blocks


def test_the_docs_examples_run():
    found = 0
    for page in DOC_PAGES:
        for line, block in pycon_blocks(page):
            found += 1
            name = f"{page.relative_to(ROOT)}:{line}"
            test = doctest.DocTestParser().get_doctest(block, {}, name, str(page), line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test)
            assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed (output above)"
    assert found >= 2, "the README and docs/python.md hold Python examples"
