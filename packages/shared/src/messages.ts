/**
 * Every user-facing text the specification fixes, word for word (spec sections 2, 5 and 8).
 * Screens and server answers use these constants so a text is written once.
 */
export const messages = {
  notFound: {
    title: '404 - Page Not Found',
    text: "The page youre looking for dosen't exist.",
  },
  registration: {
    createFailed: 'Error creating account. Please try again.',
    saveUserFailed: 'Failed to save user information. Please try again.',
    alreadyExists: 'User already exists in the database.',
    serverAlreadyExists: 'User already exists',
    success: 'Account created successfully!',
    passwordRule:
      'Password must contain at least one uppercase letter, one lowercase letter, and be at least 6 characters long.',
    passwordsMismatch: 'Passwords do not match!',
  },
  login: {
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
  },
  pets: {
    notFound: 'Pet not found',
    fetchDetailsFailed: 'Failed to fetch pet details',
    loadingDetails: 'Loading pet details...',
    added: 'Pet added successfully!',
    addFailed: 'Failed to add pet.',
    addNetworkFailed: 'Failed to add pet. Please try again.',
    uploadImageFirst: 'Please upload a pet image!',
    updated: 'Pet updated successfully!',
    updateFailed: 'Failed to update pet.',
    listFailed: 'Error: Failed to fetch pets. Please try again.',
    deleteFailed: 'Failed to delete pet. Please try again.',
    markAdoptedFailed: 'Failed to mark pet as adopted. Please try again.',
    deletedTitle: 'Deleted!',
    deletedText: 'Pet has been deleted.',
    markedAdoptedTitle: 'Success',
    markedAdoptedText: 'Pet marked as adopted.',
    adminDeleted: 'Pet deleted successfully!',
    adminStatusUpdated: 'Pet status updated successfully!',
    confirmDeleteTitle: 'Are you sure?',
    confirmDeleteText: 'This action will permanently delete the pet.',
    confirmDeleteYes: 'Yes, delete it!',
    confirmDeleteNo: 'No, cancel!',
    adminConfirmDelete: 'Are you sure you want to delete this pet?',
    /** Ours, not the spec's: the spec gives no text for a failed admin Adopt/Unadopt toggle. */
    adminStatusUpdateFailed: 'Failed to update pet status. Please try again.',
  },
  adoption: {
    submitted: 'Adoption request submitted successfully!',
    submitFailed: 'Failed to submit adoption request.',
    accepted: 'Request accepted.',
    rejected: 'Request rejected.',
    updateFailed: 'Failed to update request. Please try again.',
  },
  campaigns: {
    listFailed: 'Failed to fetch campaigns. Please try again.',
    noMore: 'No more campaigns available.',
    statusUpdateFailed: 'Failed to update status',
    donatorsFailed: 'Failed to fetch donators',
    detailsFailed: 'Failed to fetch donation details.',
    deleteFailed: 'Failed to delete the campaign. Please try again.',
    created: 'Donation campaign created successfully!',
    createFailed: 'Failed to create donation campaign.',
    createFailedRetry: 'Failed to create donation campaign. Please try again.',
    updated: 'Donation campaign updated successfully!',
    updateFailed: 'Failed to update donation campaign.',
    adminConfirmDelete: 'Are you sure you want to delete this campaign?',
  },
  payment: {
    failed: 'Payment failed. Please try again.',
    processingFailed: 'Payment processing failed.',
    thanks: 'Thank you for your donation!',
    invalidAmount: 'Please enter a valid donation amount and campaign ID.',
    testMode: 'Test mode: no real charge',
  },
  users: {
    loadFailed: (message: string) => `Error loading users: ${message}`,
    madeAdmin: (name: string) => `${name} is an Admin Now!`,
    /** The Users tab's note beside Make Admin, and the server's refusal (not in the spec). */
    notVerified: 'E-mail not verified',
    cannotPromoteUnverified: (name: string) =>
      `${name} has not verified the e-mail address yet, so they cannot be made an admin: anyone ` +
      'can sign up with any address. Ask them to open the link mailed to them, then try again.',
  },
  dashboard: {
    loading: 'Loading...',
    adminCheckFailed: 'Error checking admin status',
    adminTitle: 'Admin Dashboard',
    userTitle: 'User Dashboard',
  },
} as const;
