/**
 * Every remote of the shop: the one list a new remote joins (README, 'Adding a remote').
 * A remote named `x` lives in `mfe-x/`, is the federation container `mfe_x`, builds for the
 * public path `/mfe/x/` and serves its dev server on the port after the one before it. The
 * shell's loader, the Worker's `REMOTES` check (and the CSP it feeds), the builds, assemble
 * and the deploy commands follow this list; node scripts import this file as it is.
 */
export const remoteNames = ['shop', 'cart', 'admin'] as const;

export type RemoteName = (typeof remoteNames)[number];

/** Federation container name of a remote (its build's `name`). */
export const remoteContainer = (remote: RemoteName) => `mfe_${remote}`;

/** Public path of a remote's build, on the shop's origin or its own Worker's. */
export const remoteBase = (remote: RemoteName) => `/mfe/${remote}/`;

/** What a remote's vite config needs to know about itself. */
export const remoteBuild = (remote: RemoteName) => ({
  name: remoteContainer(remote),
  base: remoteBase(remote),
  port: 5174 + remoteNames.indexOf(remote),
});
