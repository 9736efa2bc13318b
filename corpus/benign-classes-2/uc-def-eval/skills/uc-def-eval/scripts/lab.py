import json
import typer

app = typer.Typer()

@app.command()
def eval(prompt: str = typer.Option("v1", "--prompt"), cases: int = typer.Option(0, "--cases")):
    """Score a prompt on the saved cases."""
    data = json.load(open("cases.json"))
    print(prompt, len(data[: cases or None]))

async def exec(job_id: str):
    return job_id

if __name__ == "__main__":
    app()
