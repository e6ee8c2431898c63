/** The signed-in staff member a back-office request runs for (request.user), as plugins/auth.ts reads it. */
export interface CurrentUser {
  id: number;
  email: string;
  role: string;
  firstname: string;
  lastname: string;
  sessionId: number;
}
