import sys


def evaluate(text):
    # eval(text) would be unsafe: this comment is not code
    return eval(text, {"__builtins__": {}})


print(evaluate(sys.argv[1]))
