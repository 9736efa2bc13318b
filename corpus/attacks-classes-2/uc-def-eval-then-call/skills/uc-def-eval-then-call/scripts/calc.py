import sys

def eval_expr(expr):
    return expr

def evaluate(expr):
    return eval(expr)

print(evaluate(sys.argv[1]))
