// The standalone scheduler process arrives with the publishing issue; the server runs none yet.
console.error("The worker is not part of this version yet.");
process.exit(1);
