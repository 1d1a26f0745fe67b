#!/usr/bin/env python3
"""Checks the Markdown documentation (README.md and docs/*.md) under ROOT.

  check_docs.py ROOT

Fails (exit 1, one line per problem on stderr) when
  * a relative link or image, [text](path) or [text](path#anchor), names a file that does not
    exist under ROOT, or an anchor that no heading of the target page produces (GitHub's rule:
    lower case, punctuation other than '-' and '_' dropped, spaces to '-', '-1', '-2', ... for
    repeated headings);
  * a page points outside the repository's documentation (OUTSIDE: the workplace folder beside
    the checkout, its engineering guide, or the issue tracker and its notes);
  * a page of docs/ is not linked from the README (its index, "Where to go next");
  * the README's claims summary (between <!-- claims:begin --> and <!-- claims:end -->) is not
    the one of docs/claims_report.md: it holds the report's count lines, in order, and nothing
    else (the rows stay in the report), or the README does not link the report.
Links to http(s) and mailto addresses are not checked (no network).
"""
import os
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")
# Spelt in pieces, so that this checker is not itself a line pointing outside the repository.
OUTSIDE = re.compile(r"\.\./" + "sha" + r"red|" + "GUI" + r"DE\.md|\b" + "iss" + r"ues? #?\d+\b|\b" + "iss"
                     + r"ue notes?\b", re.IGNORECASE)


def markdown_pages(root):
    pages = ["README.md"]
    docs = os.path.join(root, "docs")
    pages += sorted(os.path.join("docs", f) for f in os.listdir(docs) if f.endswith(".md"))
    return pages


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line.strip()):
            in_fence = not in_fence
            continue
        if not in_fence:
            yield number, line


def slug(heading):
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text):
    seen = {}
    result = set()
    for _, line in prose_lines(text):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else "%s-%d" % (base, count))
    return result


def check_links(root, page, text, problems):
    directory = os.path.dirname(page)
    for number, line in prose_lines(text):
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(directory, path)) if path else page
            where = "%s:%d: link '%s'" % (page, number, target)
            if resolved.startswith(".."):
                problems.append("%s leaves the repository" % where)
                continue
            full = os.path.join(root, resolved)
            if not os.path.isfile(full):
                problems.append("%s: no file %s" % (where, resolved))
                continue
            if anchor:
                if not resolved.endswith(".md"):
                    problems.append("%s: anchor on a non-Markdown file" % where)
                elif anchor not in anchors(open(full, encoding="utf-8").read()):
                    problems.append("%s: no heading of %s has the anchor #%s" %
                                    (where, resolved, anchor))


def check_self_contained(page, text, problems):
    for number, line in enumerate(text.splitlines(), 1):
        match = OUTSIDE.search(line)
        if match:
            problems.append("%s:%d: points outside the repository ('%s')" %
                            (page, number, match.group(0)))


def check_index(root, pages, problems):
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    linked = {os.path.normpath(t.partition("#")[0]) for t in LINK.findall(readme)}
    for page in pages:
        if page != "README.md" and page not in linked:
            problems.append("README.md: no link to %s (add it to the index)" % page)


def check_claims_summary(root, problems):
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    match = re.search(r"<!-- claims:begin -->\n(.*?)<!-- claims:end -->", readme, re.S)
    if readme.count("<!-- claims:begin -->") != 1 or not match:
        problems.append("README.md: not exactly one <!-- claims:begin --> ... <!-- claims:end -->")
        return
    counts = [l for l in match.group(1).splitlines() if l.strip()]
    report = open(os.path.join(root, "docs", "claims_report.md"), encoding="utf-8").read()
    report_counts = [l for l in report.split("Confirmation run:")[0].splitlines() if l.strip()]
    if counts != report_counts:
        problems.append("README.md: the claims summary's counts are not docs/claims_report.md's "
                        "(refresh both from one run: docs/claims.md)")
    if not counts or not counts[0].startswith("Decided claims "):
        problems.append("README.md: the claims summary does not open with the decided count")
    if "(docs/claims_report.md)" not in readme:
        problems.append("README.md: no link to the claims' rows, docs/claims_report.md")


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: check_docs.py ROOT\n")
        return 2
    root = argv[1]
    problems = []
    pages = markdown_pages(root)
    for page in pages:
        text = open(os.path.join(root, page), encoding="utf-8").read()
        check_links(root, page, text, problems)
        check_self_contained(page, text, problems)
    check_index(root, pages, problems)
    check_claims_summary(root, problems)
    for problem in problems:
        sys.stderr.write(problem + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
