/**
 * The client settings for a local stand-in of an AWS service (DynamoDB Local, the local queue,
 * aws-ses-v2-local): its endpoint, and a region and credentials that sign requests it ignores.
 */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: process.env.AWS_REGION ?? 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
