import ast
import sys

print(ast.literal_eval(sys.argv[1]))
model_ready = eval("1 + 1")
