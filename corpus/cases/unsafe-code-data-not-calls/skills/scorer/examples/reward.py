def run_solution(code, cases):
    scope = {}
    exec(code, scope)
    return all(scope["solution"](i) == o for i, o in cases)
