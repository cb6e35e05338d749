import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * CloudWatch metrics in the embedded metric format (Powertools): written with the logs, no API
 * calls. Locally POWERTOOLS_METRICS_DISABLED keeps them off the console.
 */
export const metrics = new Metrics({ namespace: 'ChoreQuest', serviceName: 'chorequest' });
