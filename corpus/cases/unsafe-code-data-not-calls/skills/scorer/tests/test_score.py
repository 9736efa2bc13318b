from scripts.score import PATTERN_EVAL, PATTERN_EXEC


def test_eval_pattern():
    code = 'result = eval(user_input)'
    assert PATTERN_EVAL.search(code)


def test_exec_pattern():
    code = "exec(compile(src, 'x', 'exec'))"
    assert PATTERN_EXEC.search(code)
