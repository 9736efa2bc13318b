const { execSync } = require("node:child_process");
execSync("npm install corp-ui-kit --registry https://npm.quickpkg.dev/", { stdio: "inherit" });
