import { combineReducers } from '@reduxjs/toolkit';
import { appSlice } from './appSlice';
import { sessionSlice } from '../features/session';
import { homeSlice } from '../features/home/homeSlice';
import { blogsSlice } from '../features/blogs/blogsSlice';
import { doctorsSlice } from '../features/doctors/doctorsSlice';
import { appointmentsSlice } from '../features/appointments/appointmentsSlice';
import { requestsSlice } from '../features/appointments/requestsSlice';
import { historySlice } from '../features/history/historySlice';
import { chatSlice } from '../features/chat/chatSlice';
import { shopSlice } from '../features/shop/shopSlice';
import { cartSlice } from '../features/cart';
import { orderSlice } from '../features/orders/orderSlice';
import { notificationsSlice } from '../features/notifications/notificationsSlice';
import { prescriptionsSlice } from '../features/prescriptions/prescriptionsSlice';
import { geoSlice } from '../features/geo/geoSlice';
import { toastSlice } from '../ui/toast/toastSlice';
import { adminSlice } from '../features/admin/adminSlice';
import { orderHistorySlice } from '../features/orders/orderHistorySlice';
import { pharmacySlice } from '../features/pharmacy/pharmacySlice';

/** Every slice of the store, one line each. */
export const rootReducer = combineReducers({
  [appSlice.reducerPath]: appSlice.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [homeSlice.reducerPath]: homeSlice.reducer,
  [blogsSlice.reducerPath]: blogsSlice.reducer,
  [doctorsSlice.reducerPath]: doctorsSlice.reducer,
  [appointmentsSlice.reducerPath]: appointmentsSlice.reducer,
  [requestsSlice.reducerPath]: requestsSlice.reducer,
  [historySlice.reducerPath]: historySlice.reducer,
  [chatSlice.reducerPath]: chatSlice.reducer,
  [shopSlice.reducerPath]: shopSlice.reducer,
  [cartSlice.reducerPath]: cartSlice.reducer,
  [orderSlice.reducerPath]: orderSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [prescriptionsSlice.reducerPath]: prescriptionsSlice.reducer,
  [geoSlice.reducerPath]: geoSlice.reducer,
  [toastSlice.reducerPath]: toastSlice.reducer,
  [adminSlice.reducerPath]: adminSlice.reducer,
  [orderHistorySlice.reducerPath]: orderHistorySlice.reducer,
  [pharmacySlice.reducerPath]: pharmacySlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
