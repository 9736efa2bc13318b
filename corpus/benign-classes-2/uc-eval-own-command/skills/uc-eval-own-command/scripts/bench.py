import json
import pathlib
import sys

CASES = json.loads(pathlib.Path("cases.json").read_text())


def eval(prompt: str, model: str, limit: int = 0, quiet: bool = False) -> float:
    """Score one prompt: the share of cases whose answer matches the expected label."""
    template = pathlib.Path("prompts", prompt + ".txt").read_text()
    cases = CASES[:limit] if limit else CASES
    hits = sum(1 for c in cases if ask(model, template.format(**c["vars"])) == c["label"])
    if not quiet:
        print(f"{prompt}: {hits}/{len(cases)}")
    return hits / max(len(cases), 1)


def ask(model: str, text: str) -> str:
    return text.split()[-1]


def sweep(model: str) -> None:
    for p in sorted(pathlib.Path("prompts").glob("*.txt")):
        eval(prompt=p.stem, model=model, limit=0, quiet=False)


if __name__ == "__main__":
    sweep(sys.argv[2] if len(sys.argv) > 2 else "default")
