import type { PrismaClient } from "../../generated/prisma/client.js";
import type { UserRole } from "../../generated/prisma/enums.js";

export type RoleChange = { email: string; role: UserRole; changed: boolean } | { email: string; notFound: true };

/**
 * Gives (or takes back) the admin role of the account with this email. Its sessions keep going: the
 * role is read with the session at every request, so the next request already has the `admin` scope.
 */
export async function setRole(prisma: PrismaClient, email: string, role: UserRole): Promise<RoleChange> {
  const normalized = email.trim().toLowerCase();
  const user = await prisma.user.findUnique({ where: { email: normalized }, select: { id: true, role: true } });
  if (!user) return { email: normalized, notFound: true };
  if (user.role === role) return { email: normalized, role, changed: false };
  await prisma.user.update({ where: { id: user.id }, data: { role } });
  return { email: normalized, role, changed: true };
}
