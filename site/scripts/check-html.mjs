// Runs the W3C Nu HTML checker (vnu-jar, the checker behind validator.w3.org/nu) over every
// built page and fails on any HTML error: a stray tag after </html>, a <style> in <body>, a
// duplicate id. Its CSS parser predates some modern CSS the site uses on purpose (container
// units, min()/max() in some properties), so its "CSS:" complaints are listed as a count, not
// judged. Needs Java (Debian: default-jre-headless; .ci/run installs it when missing).
//
//   node scripts/check-html.mjs [dist]     (default dist/; CI checks .e2e-dist)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vnuJar from 'vnu-jar';

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(siteRoot, process.argv[2] ?? 'dist');
if (!existsSync(distDir)) {
  console.error(`No build found at ${distDir}. Run \`astro build\` first.`);
  process.exit(1);
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error || java.status !== 0) {
  console.error(
    'The Nu HTML checker needs Java: apt-get install -y default-jre-headless (.ci/run does this).',
  );
  process.exit(1);
}

const run = spawnSync(
  'java',
  [
    '-Xss1024k',
    '-jar',
    String(vnuJar),
    '--format',
    'json',
    '--skip-non-html',
    '--errors-only',
    distDir,
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (run.error) throw run.error;

/** @type {{ messages: { type: string, subType?: string, url?: string, message: string, lastLine?: number }[] }} */
const report = JSON.parse(run.stderr || run.stdout || '{"messages":[]}');
const isCss = (/** @type {{ message: string }} */ m) => m.message.startsWith('CSS:');
const errors = report.messages.filter((m) => !isCss(m));
const cssComplaints = report.messages.length - errors.length;
const where = (/** @type {string | undefined} */ url) =>
  url ? relative(distDir, fileURLToPath(url)) : '(unknown file)';

if (errors.length > 0) {
  console.error(`Nu HTML checker: ${errors.length} error(s) in ${distDir}`);
  for (const m of errors) {
    console.error(`  ${where(m.url)}:${m.lastLine ?? '?'}: ${m.type}: ${m.message}`);
  }
  process.exit(1);
}
console.log(
  `Nu HTML checker: no HTML errors in ${relative(process.cwd(), distDir) || '.'} ` +
    `(${cssComplaints} complaint(s) from its CSS parser about modern CSS, not judged).`,
);
