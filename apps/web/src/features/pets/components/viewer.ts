/** The signed-in user as the pets screens need it (the route passes it in from the auth feature). */
export interface Viewer {
  name: string;
  email: string;
  /** Admins may edit any pet. */
  isAdmin?: boolean;
}
