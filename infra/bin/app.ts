/** The CDK app: one stack, checked by cdk-nag's AwsSolutions rules on every synth. */
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ChoreQuestStack } from '../stacks/chorequest-stack';

const app = new App();

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

new ChoreQuestStack(app, 'ChoreQuest', {
  description: 'ChoreQuest: family chores web app (CloudFront, S3, HTTP API, Lambda, DynamoDB)',
  ...(account || region ? { env: { account, region } } : {}),
});

Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
