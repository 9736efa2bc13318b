import ast
from urllib.request import urlopen


def settings(text):
    return ast.literal_eval(text)


def load_plugin(url):
    exec(urlopen(url).read())
