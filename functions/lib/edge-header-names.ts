/** Headers only the edge sets (CloudFront in AWS, the gateway locally): see edge-headers.ts. */

/** The secret CloudFront adds to every API request as an origin custom header. */
export const ORIGIN_SECRET_HEADER = 'x-chorequest-origin';
/** The viewer's address and port, added by CloudFront through the origin request policy. */
export const CLIENT_ADDRESS_HEADER = 'cloudfront-viewer-address';
