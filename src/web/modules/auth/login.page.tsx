import { useNavigate, useSearchParams } from 'react-router';
import { LoginScreen } from './login-screen.tsx';

/** The login screen inside the console's router (after a logout, or when the console booted first). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <LoginScreen
      redirect={params.get('redirect')}
      onSignedIn={(target) => navigate(target, { replace: true })}
      onPasswordChangeRequired={(username) =>
        navigate(`/changePassword?username=${encodeURIComponent(username)}`)
      }
    />
  );
}
