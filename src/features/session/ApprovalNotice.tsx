import { useAppSelector } from '../../app/hooks';
import { selectUser } from './sessionSlice';

/**
 * What a doctor or pharmacist sees until an administrator approves the account: they can sign in
 * and edit the profile, but are not listed and cannot publish; a rejection shows its reason.
 */
export function ApprovalNotice() {
  const user = useAppSelector(selectUser);
  const role = user?.roles?.[0];
  if (!user || (role !== 'doctor' && role !== 'pharmacist') || !user.status || user.status === 'approved') return null;
  const what = role === 'doctor' ? 'be listed, publish appointments or articles, or open patients’ records' : 'list medicines or sell';
  return (
    <div className="container mt-3">
      {user.status === 'rejected' ? (
        <div className="alert alert-danger mb-0" role="status">
          <h2 className="h6 mb-1">Your application was not approved</h2>
          <p className="mb-0">
            {user.statusReason ? `Reason: ${user.statusReason}. ` : ''}Please contact the clinic if you think this is a mistake.
          </p>
        </div>
      ) : (
        <div className="alert alert-warning mb-0" role="status">
          <h2 className="h6 mb-1">Your account is awaiting approval</h2>
          <p className="mb-0">The clinic checks your licence first. Until an administrator approves your account you cannot {what}.</p>
        </div>
      )}
    </div>
  );
}
