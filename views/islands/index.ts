import ThemeToggle from './ThemeToggle.js'
import NavBar from './NavBar.js'
import UserMenu from './UserMenu.js'
import Toaster from './Toaster.js'
import Carousel from './Carousel.js'
import ContactForm from './ContactForm.js'
import ForgotPasswordForm from './ForgotPasswordForm.js'
import LoginForm from './LoginForm.js'
import RegistrationForm from './RegistrationForm.js'
import ResetPasswordForm from './ResetPasswordForm.js'
import VerifyEmail from './VerifyEmail.js'
import AdminList from './AdminList.js'
import AdminSidebar from './AdminSidebar.js'
import ProfilePhotoForm from './ProfilePhotoForm.js'
import ChangePasswordDialog from './ChangePasswordDialog.js'
import ChangePasswordForm from './ChangePasswordForm.js'
import DeleteAccount from './DeleteAccount.js'
import DeviceSessions from './DeviceSessions.js'
import AccessTokens from './AccessTokens.js'
import OwnedDocuments from './OwnedDocuments.js'
import UploadForm from './UploadForm.js'
import SendDocumentForm from './SendDocumentForm.js'
import ClientRequests from './ClientRequests.js'
import RequestsBoard from './RequestsBoard.js'
import DocumentTypes from './DocumentTypes.js'
import TwoFactorLoginForm from './TwoFactorLoginForm.js'
import TwoFactorSetup from './TwoFactorSetup.js'
import TwoFactorDisable from './TwoFactorDisable.js'
import TwoFactorReset from './TwoFactorReset.js'
import MessageThread from './MessageThread.js'
import InvitationForm from './InvitationForm.js'
import StaffBoard from './StaffBoard.js'
import TeamMembers from './TeamMembers.js'
import CompanyIdentifiersForm from './CompanyIdentifiersForm.js'

/** Every island, by the name of its file; the browser loads each from its own chunk. */
export const islands = {
  ForgotPasswordForm,
  LoginForm,
  RegistrationForm,
  ResetPasswordForm,
  VerifyEmail,
  ContactForm,
  ThemeToggle,
  NavBar,
  UserMenu,
  Toaster,
  Carousel,
  AdminList,
  AdminSidebar,
  ProfilePhotoForm,
  ChangePasswordDialog,
  ChangePasswordForm,
  DeleteAccount,
  DeviceSessions,
  AccessTokens,
  OwnedDocuments,
  UploadForm,
  SendDocumentForm,
  ClientRequests,
  RequestsBoard,
  DocumentTypes,
  TwoFactorLoginForm,
  TwoFactorSetup,
  TwoFactorDisable,
  TwoFactorReset,
  MessageThread,
  InvitationForm,
  StaffBoard,
  TeamMembers,
  CompanyIdentifiersForm,
}

export type IslandName = keyof typeof islands
