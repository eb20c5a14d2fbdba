// Browser journeys use Debian's Chromium (Playwright cannot download its own here).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log('Installing Chromium from Debian packages...');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: 'inherit',
    },
  );
}
console.log(execSync(`${chromium} --version`).toString().trim());
