import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { selectOwnsSession } from '../features/session';
import { Spinner } from '../ui/Spinner';
import { useAppSelector } from './hooks';
import { Layout } from './layout/Layout';

// Every page is its own chunk: a guest on the home page never downloads chat, checkout or the editor.
const HomePage = lazy(() => import('../features/home/HomePage'));
const LoginPage = lazy(() => import('../features/session/LoginPage'));
const RegisterPage = lazy(() => import('../features/session/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/account-security/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/account-security/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/account-security/VerifyEmailPage'));
const DoctorsPage = lazy(() => import('../features/doctors/DoctorsPage'));
const DoctorPage = lazy(() => import('../features/doctors/DoctorPage'));
const AppointmentRequestPage = lazy(() => import('../features/appointments/AppointmentRequestPage'));
const ShopPage = lazy(() => import('../features/shop/ShopPage'));
const ProductPage = lazy(() => import('../features/shop/ProductPage'));
const CartPage = lazy(() => import('../features/cart/CartPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const OrderPage = lazy(() => import('../features/orders/OrderPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const HistoryPage = lazy(() => import('../features/history/HistoryPage'));
const BlogsPage = lazy(() => import('../features/blogs/BlogsPage'));
const BlogPage = lazy(() => import('../features/blogs/BlogPage'));
const BlogCreatePage = lazy(() => import('../features/blogs/BlogCreatePage'));
const AboutPage = lazy(() => import('../features/pages/AboutPage'));
const ContactPage = lazy(() => import('../features/pages/ContactPage'));
const PrescriptionsPage = lazy(() => import('../features/prescriptions/PrescriptionsPage'));
const PrescriptionPage = lazy(() => import('../features/prescriptions/PrescriptionPage'));
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
// The console (and its chart library) loads only for administrators who open it.
const AdminPage = lazy(() => import('../features/admin/AdminPage'));

/** The portal's routes. Settings and blog creation exist only while the stored session is coherent. */
export function AppRoutes() {
  const ownsSession = useAppSelector(selectOwnsSession);
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="account/login" element={<LoginPage />} />
          <Route path="account/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="account/reset-password" element={<ResetPasswordPage />} />
          <Route path="account/verify-email" element={<VerifyEmailPage />} />
          <Route path="account/register" element={<RegisterPage kind="patient" />} />
          <Route path="account/doctor" element={<RegisterPage kind="doctor" />} />
          <Route path="account/pharmacist" element={<RegisterPage kind="pharmacist" />} />
          <Route path="doctors" element={<DoctorsPage />} />
          <Route path="doctor/:name" element={<DoctorPage />} />
          <Route path="appointment/request" element={<AppointmentRequestPage />} />
          <Route path="appointment/request/:doctorName" element={<AppointmentRequestPage />} />
          <Route path="appointment/request/:doctorName/:specialization" element={<AppointmentRequestPage />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="shop/:slug" element={<ProductPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="orders/:number" element={<OrderPage />} />
          {ownsSession && <Route path="settings" element={<Navigate to="/settings/profile" replace />} />}
          {ownsSession && <Route path="settings/:page/*" element={<SettingsPage />} />}
          {ownsSession && <Route path="blog/create" element={<BlogCreatePage />} />}
          {ownsSession && <Route path="admin/*" element={<AdminPage />} />}
          <Route path="history/:userId" element={<HistoryPage />} />
          <Route path="blogs" element={<BlogsPage />} />
          <Route path="blogs/:slug" element={<BlogPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="prescriptions" element={<PrescriptionsPage />} />
          <Route path="prescriptions/:id" element={<PrescriptionPage />} />
          <Route path="chat" element={<ChatPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
