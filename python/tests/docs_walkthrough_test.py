"""docs/python.md stays true: its walk-through code block, run as written, prints exactly the
output block the document shows below it. Usage: docs_walkthrough_test.py PATH/TO/python.md."""
import contextlib
import io
import re
import sys
import unittest

DOC = None


class DocsWalkthroughTest(unittest.TestCase):

    def test_walkthrough_prints_the_documented_output(self):
        with open(DOC, encoding="utf-8") as f:
            text = f.read()
        section = text.split("## Walk-through", 1)[1].split("\n## ", 1)[0]
        code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
        documented = re.search(r"Output.*?```\n(.*?)```", section, re.S).group(1)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, DOC, "exec"), {})
        self.assertEqual(printed.getvalue(), documented)


if __name__ == "__main__":
    DOC = sys.argv[1]
    unittest.main(argv=sys.argv[:1])
