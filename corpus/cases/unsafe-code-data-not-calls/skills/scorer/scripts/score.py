import re
import sys

PATTERN_EVAL = re.compile(r"\beval\(")
PATTERN_EXEC = re.compile(r"\bexec\(")
RISKY = ["eval(", "exec(input())"]
HELP = """
Flags calls such as eval(user_input) or exec(code) in the file given.
"""


def score(path):
    text = open(path).read()
    return sum(1 for p in (PATTERN_EVAL, PATTERN_EXEC) if p.search(text))


if __name__ == "__main__":
    print(score(sys.argv[1]))
