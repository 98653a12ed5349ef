import base from '@fansite/eslint-config/base';

/**
 * The server's layers, top to bottom; a module imports from its own layer or the ones below it,
 * never from above, so that each layer can be read, tested and replaced without the ones on top:
 *
 *   the HTTP layer    routes/, plugins/, metrics/        (Fastify: requests, answers, decorations)
 *   services          catalogue/, maker/, radio/, ...    (what the product does; no HTTP)
 *   repositories      repositories/                      (read and write tables, nothing more)
 *   the database      db/                                (connection, schema, migrations)
 *
 * Within the HTTP layer a route may use a plugin but no plugin a route: the plugins decorate the
 * app every route sees. app.ts, server.ts, config.ts, cli/, operator/ and test-support/ put the
 * layers together and may import any of them. Tests import across layers to set things up.
 */
const services = [
  'catalogue',
  'discord',
  'favorites',
  'launcher',
  'mail',
  'maker',
  'network',
  'oauth2',
  'patreon',
  'promotion',
  'radio',
  'youtube',
].map((folder) => `./src/${folder}`);
const httpLayer = ['./src/routes', './src/plugins', './src/metrics'];
const composition = [
  './src/app.ts',
  './src/server.ts',
  './src/config.ts',
  './src/cli',
  './src/operator',
  './src/test-support',
];

const layerZones = [
  'error',
  {
    zones: [
      {
        target: './src/db',
        from: './src',
        except: ['./db'],
        message: 'The database layer imports nothing of the layers above it.',
      },
      {
        target: './src/repositories',
        from: './src',
        except: ['./repositories', './db'],
        message:
          'A repository reads and writes tables through db/ only: what it needs from a service, the service passes in or does itself.',
      },
      {
        target: services,
        from: [...httpLayer, ...composition],
        message:
          'A service knows nothing of HTTP: the route asks the service and turns its answer into a response.',
      },
      {
        target: './src/plugins',
        from: './src/routes',
        message:
          'A plugin never imports a route: routes use what the plugins decorate the app with.',
      },
    ],
  },
];

const serverLayers = {
  files: ['src/**/*.ts'],
  ignores: ['src/**/*.test.ts', 'src/test-support/**'],
  rules: { 'import-x/no-restricted-paths': layerZones },
};

/** Below the HTTP layer, no module speaks Fastify: requests and replies stay with the routes. */
const noFastifyBelowHttp = {
  files: [...services, './src/repositories', './src/db'].map(
    (folder) => `${folder.slice(2)}/**/*.ts`,
  ),
  ignores: ['src/**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['fastify', 'fastify-plugin', '@fastify/*', 'fastify-type-provider-zod'],
            message: 'Below the HTTP layer no module imports Fastify: take plain values instead.',
          },
        ],
      },
    ],
  },
};

/** Raw SQL's rows are checked against a zod schema of the row (db/client.ts, `queryRows`). */
const checkedRows = {
  files: ['src/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.name='queryRows'][arguments.length<3]",
        message:
          'Pass a zod schema of the row as the third argument (or use the query builder): rows cast to a type nothing checked go on as wrong values.',
      },
      {
        selector: "ImportSpecifier[imported.name='queryRows'][local.name!='queryRows']",
        message: 'Import queryRows under its own name, so that lint sees its calls.',
      },
    ],
  },
};

export default [...base, serverLayers, noFastifyBelowHttp, checkedRows];
