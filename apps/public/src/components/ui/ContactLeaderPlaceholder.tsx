// The contact-a-leader modal is a placeholder until the requests issue lands; both names work.
export { ContactLeaderModal, type LeaderRecipient } from './ContactLeaderModal';
