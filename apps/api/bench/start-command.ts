import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm start`'s own command (apps/api/package.json "start"), to run the server in the benches as it runs
 * in production: its environment settings (`NAME=value` before `node`), then node's arguments.
 */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=');
    env[name] = value;
  }
  const [node, ...args] = words;
  if (node !== 'node') throw new Error(`Le script start ne lance pas node : ${pkg.scripts.start}`);
  return { env, args };
}
