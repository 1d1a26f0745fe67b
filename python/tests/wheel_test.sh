#!/bin/bash
# The wheel (//python:wheel) installed with pip into a fresh virtual environment passes the Python
# tests, run from a directory outside the repository against the installed package:
#   wheel_test.sh INTERPRETER_SCRIPT WHEEL_DIR BUILD_WHEEL_PY CPP_REFERENCE PYTHON_MD
# INTERPRETER_SCRIPT is @python_libs//:run_python.sh (the interpreter the wheel is built for).
set -euo pipefail
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
interpreter="$(absolute "$1")"; wheel_dir="$2"; build_wheel="$(absolute "$3")"
cpp_reference="$(absolute "$4")"; python_md="$(absolute "$5")"
tests="$PWD/python/tests"
wheels=("$wheel_dir"/*.whl)
[[ ${#wheels[@]} -eq 1 && -f "${wheels[0]}" ]] || { echo "expected one wheel in $wheel_dir"; exit 1; }
wheel="$(absolute "${wheels[0]}")"

work="$(mktemp -d "${TEST_TMPDIR:-/tmp}/wheel_test.XXXXXX")"
"$interpreter" -m venv --system-site-packages "$work/venv"
venv_python="$work/venv/bin/python"
PIP_NO_CACHE_DIR=1 "$venv_python" -m pip install --no-index --no-deps --disable-pip-version-check \
  --quiet "$wheel"

# Nothing of the repository or bazel-bin on the path: the package comes from the venv alone.
unset PYTHONPATH
mkdir "$work/elsewhere"
cd "$work/elsewhere"
run() { echo "== $*"; "$venv_python" "$@"; }
run -c 'import dprl; print(dprl.__file__, dprl.__version__)'
run "$tests/installed_wheel_test.py" "$build_wheel"
run "$tests/interpreter_test.py"
run "$tests/bindings_test.py"
run "$tests/registry_test.py"
run "$tests/results_test.py"
run "$tests/audit_test.py"
run "$tests/cpp_equivalence_test.py" "$cpp_reference"
run "$tests/docs_walkthrough_test.py" "$python_md"
