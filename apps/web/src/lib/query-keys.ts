/**
 * The first segment of every query key: one root per API resource. A query's own key is built
 * from its root beside its queryOptions (`features/<name>/api/get-*.ts`, exported as
 * `<query>Key`), so every view of a resource, in any feature, sits under that resource's root.
 * A mutation invalidates the keys of its own feature, and `queryRoots.<resource>` for what other
 * features show of a resource it changes (features never import each other).
 */
export const queryRoots = {
  auth: ['auth'],
  config: ['config'],
  pets: ['pets'],
  adoptionRequests: ['adoption-requests'],
  campaigns: ['campaigns'],
  donations: ['donations'],
  users: ['users'],
  notifications: ['notifications'],
  mail: ['mail'],
  favourites: ['favourites'],
  savedSearches: ['saved-searches'],
  places: ['places'],
} as const;
