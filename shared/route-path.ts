/**
 * Fills a path template: `fillPath('/api/children/{id}', { id })`. Apart from the route table
 * (./routes.ts re-exports it) so the browser's API client fills paths without carrying the table.
 */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
