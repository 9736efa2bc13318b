import pathlib
import sys

src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
entries = sorted(p.stem for p in src.glob("*.bib"))
out.write_text("".join(f"- {e}\n" for e in entries), encoding="utf-8")
