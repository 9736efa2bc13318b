import pathlib
import sys

src = pathlib.Path(sys.argv[1])
entries = sorted(p.stem for p in src.glob("*.bib"))
print("\n".join(entries))
(src / "registry.yaml").write_text("".join(f"- {e}\n" for e in entries), encoding="utf-8")
