/**
 * The single table's shape: one definition used by the CDK stack and by the local bootstrap
 * (DynamoDB Local), so the two can never drift apart. Access patterns: docs/data-model.md.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes expired items (login-failure counters). */
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    /** Everything that belongs to one child (assignments, continuous assignments, earnings). */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Sparse: families by the UTC hour at which their next local Sunday 00:00 falls. */
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB Local (and anything else that needs the raw API shape). */
export function createTableInput(tableName: string) {
  const keyAttrs = [
    TABLE_DEFINITION.partitionKey,
    TABLE_DEFINITION.sortKey,
    ...TABLE_DEFINITION.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyAttrs.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
