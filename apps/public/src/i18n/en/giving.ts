/** English: Giving. The spec's texts word for word. */
export const giving = {
  'giving.title': 'Giving',
  'giving.verse':
    'Every man according as he purposeth in his heart, so let him give; not grudgingly, or of necessity: for God loveth a cheerful giver.',
  'giving.verseReference': '2 Corinthians 9:7',

  // Impact (fixed promotional text)
  'giving.impactHeading': 'Your Giving at Work',
  'giving.figureFamilies': 'families helped through community outreach',
  'giving.figureYoung': 'young people mentored every year',
  'giving.figureMinistries': 'ministries serving the church and town',
  'giving.figureChurches': 'daughter churches planted',
  'giving.outreachTitle': 'Community Outreach',
  'giving.outreachText':
    'Food and clothing drives, health days and visits to the sick and elderly bring practical care to our neighbours.',
  'giving.youthTitle': 'Youth Development',
  'giving.youthText': 'Pathfinders, Adventurers, youth camps and mentoring help children and young people grow in faith and character.',
  'giving.operationsTitle': 'Church Operations',
  'giving.operationsText': 'Your gifts keep the sanctuary open, maintained and equipped for worship, Sabbath School and every ministry.',
  'giving.missionsTitle': 'Global Missions',
  'giving.missionsText': 'Tithes and mission offerings support pastors, evangelism and mission work across Kenya and around the world.',

  // The donation form
  'giving.giveOnline': 'Give Online',
  'giving.amountLabel': 'Amount (KES)',
  'giving.amountPlaceholder': '1000',
  'giving.quickAmounts': 'Quick amounts (KES)',
  /** A quick amount's name; {amount} is formatted ("1,000"). */
  'giving.kesAmount': 'KES {amount}',
  'giving.typeLabel': 'Giving Type',
  'giving.typeTithe': 'Tithe',
  'giving.typeOffering': 'Offering',
  'giving.typeSpecial': 'Special Project',
  'giving.formHint': 'You will get a payment request from {provider} on your phone; enter your PIN there to complete your gift.',
  'giving.giveNow': 'Give Now',
  'giving.onlineOff': 'Online giving is not available at the moment. Please give by paybill or bank transfer:',
  'giving.seeHowToGive': 'see How to Give',

  // How to Give
  'giving.howToGive': 'How to Give',
  'giving.ussdTitle': 'Any phone (USSD)',
  'giving.ussdText': 'Dial {code} on any phone, even without internet: give by M-Pesa, hear your giving this year, or send a prayer request.',
  'giving.paybillTitle': 'M-Pesa Paybill',
  'giving.businessNumber': 'Business number',
  'giving.account': 'Account',
  'giving.loading': 'Loading…',
  'giving.bankTitle': 'Bank Transfer',
  'giving.bank': 'Bank',
  'giving.accountName': 'Account name',
  'giving.accountNumber': 'Account number',
  'giving.questions': 'Questions?',
  'giving.callPhoneOrWrite': 'Call {phone} or write to {email}.',
  'giving.callPhone': 'Call {phone}.',
  'giving.callOfficeOrWrite': 'Call the church office or write to {email}.',
  'giving.callOffice': 'Call the church office.',
  'giving.contactUs': 'Contact Us',
  'giving.thankYouHeading': 'Thank You',
  'giving.thankYouText':
    'Thank you for your faithfulness and generosity. Every tithe and offering, large or small, helps {name} share God\u2019s love in our town and beyond. \u201cBring ye all the tithes into the storehouse\u201d (Malachi 3:10).',
  'giving.dismiss': 'Dismiss',

  // The payment dialog
  'giving.dialogTitle': '{provider} Payment',
  'giving.demoNote': 'Demo mode: no money will be taken.',
  'giving.givingFor': 'Giving:',
  'giving.paymentDetails': 'Payment details',
  'giving.phoneHint': 'We will send a payment request to this phone. Enter your PIN on the phone to complete it.',
  'giving.phoneLabel': 'Phone Number',
  'giving.phonePlaceholder': '0712345678',
  'giving.cancel': 'Cancel',
  'giving.processing': 'Processing...',
  'giving.payNow': 'Pay Now',
  'giving.checkPhone': 'Check your phone and enter your PIN to pay KES {amount}. This window updates by itself.',
  'giving.amount': 'Amount',
  'giving.receipt': 'Receipt',
  'giving.reference': 'Reference',
  'giving.paymentComplete': 'Payment Complete',
  'giving.close': 'Close',

  // Status texts and errors (spec §8); {provider} is 'Equity Bank' or 'M-Pesa'
  'giving.statusInitiating': 'Initiating payment via {provider}...',
  'giving.statusPending': 'Payment request sent to your phone...',
  'giving.statusCompleted': 'Payment completed successfully via {provider}! Thank you for your generous giving.',
  'giving.statusCancelled': 'Payment was cancelled. You can try again if needed.',
  'giving.statusTimeout': 'Payment request timed out. Please try again.',
  'giving.statusUnverified': 'Payment verification timed out. Please contact support if money was deducted.',
  /** {reason}: the server's or provider's words, without their final full stop. */
  'giving.failure': 'Payment failed: {reason}. Please try again or contact support.',
  'giving.invalidPhone': 'Please enter a valid Kenyan phone number (e.g., 0712345678)',
  'giving.invalidAmount': 'Please enter a valid amount (minimum KES 1)',
  'giving.initiationFailed': 'Payment initiation failed',
  'giving.cancelledOrFailed': 'Payment was cancelled or failed',
  /** The toast after a completed payment, per giving type; {amount} is formatted ("1,000"). */
  'giving.thanksTithe': 'Thank you for your generous tithe of KES {amount}! May God bless you abundantly.',
  'giving.thanksOffering': 'Thank you for your generous offering of KES {amount}! May God bless you abundantly.',
  'giving.thanksSpecial': 'Thank you for your generous special project gift of KES {amount}! May God bless you abundantly.',
};
