/** Minimal machine-readable specs, like the ones the game client serves, listing the simulated paths. */

export type PathMethods = Readonly<Record<string, readonly ('get' | 'post')[]>>;

const INFO = {
  title: 'LoLClient',
  description: 'League of Legends Game Client (simulated)',
  version: '1.0.0',
};

function pathItems(paths: PathMethods) {
  return Object.fromEntries(
    Object.entries(paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        methods.map((method) => [method, { responses: { '200': { description: 'Successful response' } } }]),
      ),
    ]),
  );
}

export const openApiDocument = (paths: PathMethods) => ({
  openapi: '3.0.0',
  info: INFO,
  paths: pathItems(paths),
});

export const swaggerDocument = (paths: PathMethods) => ({
  swagger: '2.0',
  info: INFO,
  paths: pathItems(paths),
});
