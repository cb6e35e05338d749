/** Families due for their weekly run, read page by page from one partition of the sparse GSI2. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';

export interface DueFamily {
  familyId: string;
  /** The week it is due for. */
  nextRunWeekStart: string;
}

/** Pages (up to 1 MB each) of the families in one index partition whose due hour is at or before `hour`. */
export async function* dueFamilyPages(partition: string, hour: string): AsyncGenerator<DueFamily[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :upto',
        ExpressionAttributeValues: { ':pk': partition, ':upto': `${hour}#~` },
        ProjectionExpression: 'familyId, nextRunWeekStart',
        ExclusiveStartKey: start,
      }),
    );
    const page = ((out.Items ?? []) as DueFamily[]).filter((f) => f.familyId && f.nextRunWeekStart);
    if (page.length) yield page;
    start = out.LastEvaluatedKey;
  } while (start);
}
