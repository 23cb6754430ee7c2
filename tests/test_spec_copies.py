"""The specs are the contract: the copies in docs/ stay identical to the shared ones."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "spec"


@pytest.mark.parametrize("name", ["RULES.md", "NOTATION.md"])
def test_docs_copy_is_present(name):
    assert (ROOT / "docs" / name).read_text(encoding="utf-8").strip()


@pytest.mark.parametrize("name", ["RULES.md", "NOTATION.md"])
def test_docs_copy_matches_shared_spec_when_present(name):
    shared = SHARED / name
    if not shared.exists():  # a clone on its own: the docs copy is the contract
        return
    assert (ROOT / "docs" / name).read_bytes() == shared.read_bytes()
