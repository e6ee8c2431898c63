-- The abuse limits' counters (lib/throttle.ts) are written by every app call and every counted public
-- call. Unlogged, their writes skip the write-ahead log, so a call that writes nothing else commits without
-- waiting for a disk flush. What is lost: after a crash of PostgreSQL the counters start again from zero, and
-- a standby does not have them (after a failover the limits count afresh). A limit is a short window:
-- losing it once is acceptable; the history of sign-ins (login_attempts) stays logged.
ALTER TABLE "throttles" SET UNLOGGED;
