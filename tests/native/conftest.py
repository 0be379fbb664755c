"""The native engine's tests need the compiled module: skipped on a checkout where it was not built, failed in CI."""

import os

import pytest

from daimyo.rokugan import native


@pytest.fixture(autouse=True)
def _native_built():
    if native.available():
        return
    if os.environ.get("CI"):
        pytest.fail(native.MISSING)
    pytest.skip(native.MISSING)


@pytest.fixture
def core():
    """The compiled module itself."""
    return native.require()
