/** Configuration from the environment, read once. */
export interface AppEnv {
  tableName: string;
  /** DynamoDB Local endpoint; absent in AWS. */
  dynamoEndpoint: string | undefined;
  /** AWS: the Secrets Manager secret holding the session signing key. */
  sessionSecretArn: string | undefined;
  /** Local: a file under the data directory holding the session signing key. */
  sessionSecretFile: string | undefined;
  /** `Secure` + `__Host-` cookies; only local plain-http runs turn this off. */
  secureCookies: boolean;
  sessionTtlSeconds: number;
  /** AWS: the Secrets Manager secret CloudFront sends as the origin header (functions/lib/edge-headers.ts). */
  originSecretArn: string | undefined;
  /** Local: the file holding the value the local gateway sends. */
  originSecretFile: string | undefined;
}

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  if (cached) return cached;
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  cached = {
    tableName,
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    sessionSecretArn: process.env.SESSION_SECRET_ARN || undefined,
    sessionSecretFile: process.env.SESSION_SECRET_FILE || undefined,
    secureCookies: process.env.SECURE_COOKIES !== 'false',
    sessionTtlSeconds: Number(process.env.SESSION_TTL_SECONDS ?? 7 * 24 * 3600),
    originSecretArn: process.env.ORIGIN_SECRET_ARN || undefined,
    originSecretFile: process.env.ORIGIN_SECRET_FILE || undefined,
  };
  return cached;
}

/** Tests and the local launcher change the environment between runs. */
export function resetAppEnv(): void {
  cached = undefined;
}
