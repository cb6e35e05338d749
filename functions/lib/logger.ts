import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs with the request id (Powertools). Never log bodies: they carry passwords.
 */
export const logger = new Logger({ serviceName: 'chorequest' });
