/** A country or one of its states ("government"), as GET /api/geo/... lists them. */
export interface Place {
  code: string;
  name: string;
}
