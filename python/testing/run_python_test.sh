#!/bin/sh
# Runs a Python test of the dprl package under Bazel:
#   run_python_test.sh INTERPRETER_SCRIPT TEST.py [ARGS...]
# INTERPRETER_SCRIPT is @python_libs//:run_python.sh (the interpreter the extension is built for);
# the package is bazel-bin/python/dprl, i.e. python/dprl in the runfiles tree (the working
# directory of a test).
set -eu
interpreter="$1"
shift
export PYTHONPATH="$PWD/python"
exec "$interpreter" "$@"
